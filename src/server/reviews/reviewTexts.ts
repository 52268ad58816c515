/** Review wording for the seeded reviews; {vehicle}, {from} and {to} are filled per route. */
export type ReviewBand = 'good' | 'mixed' | 'poor';

export const VEHICLE_NOUN: Record<'bus' | 'ferry' | 'train' | 'van' | 'avia' | 'charter', string> = {
  bus: 'bus',
  ferry: 'boat',
  train: 'train',
  van: 'minivan',
  avia: 'flight',
  charter: 'car',
};

export const REVIEW_TEXTS: Record<ReviewBand, readonly { title: string; body: string }[]> = {
  good: [
    {
      title: 'On time and comfortable',
      body: 'The {vehicle} from {from} left exactly on time and we reached {to} a little early. Clean seats, strong air conditioning and a friendly crew.',
    },
    {
      title: 'Easy from booking to arrival',
      body: 'Showed the ticket on my phone, the staff found my name at once. Smooth ride to {to}, with a rest stop halfway.',
    },
    {
      title: 'Would book again',
      body: 'Good value for the {from} to {to} trip. Luggage was handled carefully and the driver was calm and safe.',
    },
    {
      title: 'Better than expected',
      body: 'I was worried about the long ride, but the {vehicle} was comfortable and quiet. Arrived in {to} rested.',
    },
    {
      title: 'Great with children',
      body: 'Travelled with two kids from {from}. The crew helped with the bags and the seats had enough room for everyone.',
    },
  ],
  mixed: [
    {
      title: 'Fine, but late',
      body: 'The {vehicle} to {to} was clean and the seats were fine, but we left {from} about 40 minutes after the time on the ticket.',
    },
    {
      title: 'Okay for the price',
      body: 'Nothing special: a bit cramped and the air conditioning was very cold, but it got us to {to} safely.',
    },
    { title: 'Pick-up was confusing', body: 'Hard to find the right place to board in {from}. Once on board the trip was fine.' },
  ],
  poor: [
    {
      title: 'Long delay and no information',
      body: 'We waited two hours in {from} without any announcement. The trip itself was fine once we left, but we missed our connection in {to}.',
    },
    {
      title: 'Not as described',
      body: 'The {vehicle} was older than the photos suggested and the toilet was out of order for the whole trip to {to}.',
    },
  ],
};

export const REVIEW_AUTHORS: readonly { name: string; country: string }[] = [
  { name: 'Anna K.', country: 'DE' },
  { name: 'Tom H.', country: 'GB' },
  { name: 'Siriporn W.', country: 'TH' },
  { name: 'Minh T.', country: 'VN' },
  { name: 'Lucía G.', country: 'ES' },
  { name: 'Kenji S.', country: 'JP' },
  { name: 'Sarah M.', country: 'AU' },
  { name: 'Pierre D.', country: 'FR' },
  { name: 'Aisyah R.', country: 'MY' },
  { name: 'Jonas L.', country: 'SE' },
  { name: 'Emily C.', country: 'US' },
  { name: 'Ji-woo P.', country: 'KR' },
  { name: 'Marco B.', country: 'IT' },
  { name: 'Dewi S.', country: 'ID' },
  { name: 'Olga V.', country: 'UA' },
  { name: 'Ahmed N.', country: 'AE' },
];
