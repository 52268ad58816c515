/** Review wording for the seeded rail pass reviews, by what the pass is for; {pass} is the pass's name. */
export type PassTheme = 'japan' | 'korea' | 'taiwan' | 'europe' | 'switzerland' | 'britain';

export const PASS_REVIEWS: Record<PassTheme, readonly { rating: number; title: string; body: string }[]> = {
  japan: [
    {
      rating: 5,
      title: 'Paid for itself in two trips',
      body: 'Tokyo to Kyoto and back to the airport already covered the price of the {pass}. Exchanging the voucher at Narita took ten minutes.',
    },
    {
      rating: 5,
      title: 'Seat reservations made it easy',
      body: 'We reserved Shinkansen seats at the ticket machines with the pass every morning. Never once stood, even during cherry blossom season.',
    },
    {
      rating: 4,
      title: 'Great value, plan the route',
      body: 'Worth it for a Tokyo, Kyoto, Hiroshima loop. For short city hops alone it would not pay off, so check your itinerary first.',
    },
    {
      rating: 4,
      title: 'Smooth exchange at the JR office',
      body: 'Brought passport and voucher to the JR East Travel Service Center. Staff spoke English and set the start date I asked for.',
    },
    {
      rating: 3,
      title: 'Good, but Nozomi costs extra',
      body: 'The {pass} works well, but the fastest Nozomi trains need a supplement now. The Hikari was only twenty minutes slower.',
    },
    {
      rating: 5,
      title: 'Hassle-free day trips',
      body: 'Used the {pass} for Nara, Himeji and Kobe from our Osaka hotel. Just walked through the gates every time.',
    },
  ],
  korea: [
    {
      rating: 5,
      title: 'KTX to Busan for free',
      body: 'Two KTX trips between Seoul and Busan and the {pass} was already cheaper than single tickets. Reserved seats at the Korail counter.',
    },
    {
      rating: 4,
      title: 'Flexible days suited us',
      body: 'We picked our travel days as we went: Gyeongju one day, Jeonju a few days later. Activation online was simple.',
    },
    {
      rating: 4,
      title: 'Good for the east coast',
      body: 'Took the train to Gangneung and along the coast. Counter staff helped with seat reservations in English.',
    },
    {
      rating: 3,
      title: 'Fine, but seats go fast',
      body: 'Weekend KTX seats were sold out by the time we reserved, so we rode standing for an hour. Reserve early.',
    },
  ],
  taiwan: [
    {
      rating: 5,
      title: 'Taipei to Kaohsiung in two hours',
      body: 'The {pass} covered the whole west coast. Exchanged it at Taoyuan airport station and jumped on the next train.',
    },
    {
      rating: 4,
      title: 'Convenient for a short trip',
      body: 'Non-reserved cars were never full on weekdays. Great for a quick visit to Tainan and Taichung.',
    },
    {
      rating: 4,
      title: 'Good value for foreigners',
      body: 'Cheaper than two return tickets to Zuoying. Remember your passport when exchanging the voucher.',
    },
  ],
  europe: [
    {
      rating: 5,
      title: 'One pass, five countries',
      body: 'Amsterdam, Berlin, Prague, Vienna and Budapest on one {pass}. The app showed every journey and the conductors scanned it without fuss.',
    },
    {
      rating: 4,
      title: 'Budget for reservations',
      body: 'Great freedom, but the high-speed trains in France, Italy and Spain charge a reservation fee on top. Regional trains are free to board.',
    },
    {
      rating: 4,
      title: 'Night train was a highlight',
      body: 'Used the {pass} on the Nightjet from Vienna to Venice. Paid only for the couchette.',
    },
    {
      rating: 3,
      title: 'Works well, app is clunky',
      body: 'Adding each journey to the mobile pass before boarding got tedious, but the trains themselves were fine.',
    },
    {
      rating: 5,
      title: 'Scandinavia made affordable',
      body: 'Train travel in Norway and Sweden is expensive; the {pass} saved us a lot on the Bergen line.',
    },
  ],
  switzerland: [
    {
      rating: 5,
      title: 'Boats, buses and museums included',
      body: 'The {pass} covered the lake boats on Lake Lucerne, the Glacier Express seat (plus reservation) and free museum entry in Zurich.',
    },
    {
      rating: 5,
      title: 'Mountain trips at half price',
      body: 'Half price up to the Schilthorn and Jungfraujoch discounts made the pass well worth it.',
    },
    {
      rating: 4,
      title: 'Expensive but effortless',
      body: 'Not cheap, but never buying a single ticket in Switzerland was a relief. Everything ran to the minute.',
    },
  ],
  britain: [
    {
      rating: 5,
      title: 'London to Edinburgh on a whim',
      body: 'With the {pass} we simply boarded the next train north. Great value compared with walk-up fares.',
    },
    {
      rating: 4,
      title: 'Good for touring Scotland',
      body: 'Used it on the West Highland Line and to Inverness. Some trains were crowded on weekends.',
    },
    {
      rating: 3,
      title: 'Fine for long trips only',
      body: 'For day trips from London the off-peak returns were cheaper. The {pass} pays off with long journeys.',
    },
  ],
};

export const PASS_REVIEW_AUTHORS: readonly { name: string; country: string }[] = [
  { name: 'Nattaya S.', country: 'TH' },
  { name: 'Daniel M.', country: 'AU' },
  { name: 'Hoang L.', country: 'VN' },
  { name: 'Priya R.', country: 'SG' },
  { name: 'Ahmad F.', country: 'MY' },
  { name: 'Claire D.', country: 'FR' },
  { name: 'Jonas B.', country: 'DE' },
  { name: 'Maria C.', country: 'PH' },
  { name: 'Kevin W.', country: 'US' },
  { name: 'Sara A.', country: 'AE' },
  { name: 'Rizky P.', country: 'ID' },
  { name: 'Emily T.', country: 'CA' },
];
