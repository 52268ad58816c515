/**
 * Calendar locales from date-fns/locale, one lazy chunk each so a page loads only its own
 * (SPEC §9 calendar locales; names come from the locale table's dateFnsLocale).
 */
import type { Locale } from 'date-fns';

const LOADERS: Record<string, () => Promise<Locale>> = {
  enGB: () => import('date-fns/locale/en-GB').then((m) => m.enGB),
  ar: () => import('date-fns/locale/ar').then((m) => m.ar),
  zhCN: () => import('date-fns/locale/zh-CN').then((m) => m.zhCN),
  de: () => import('date-fns/locale/de').then((m) => m.de),
  el: () => import('date-fns/locale/el').then((m) => m.el),
  es: () => import('date-fns/locale/es').then((m) => m.es),
  faIR: () => import('date-fns/locale/fa-IR').then((m) => m.faIR),
  fr: () => import('date-fns/locale/fr').then((m) => m.fr),
  hr: () => import('date-fns/locale/hr').then((m) => m.hr),
  id: () => import('date-fns/locale/id').then((m) => m.id),
  it: () => import('date-fns/locale/it').then((m) => m.it),
  ja: () => import('date-fns/locale/ja').then((m) => m.ja),
  ko: () => import('date-fns/locale/ko').then((m) => m.ko),
  ms: () => import('date-fns/locale/ms').then((m) => m.ms),
  nl: () => import('date-fns/locale/nl').then((m) => m.nl),
  pl: () => import('date-fns/locale/pl').then((m) => m.pl),
  pt: () => import('date-fns/locale/pt').then((m) => m.pt),
  ru: () => import('date-fns/locale/ru').then((m) => m.ru),
  sv: () => import('date-fns/locale/sv').then((m) => m.sv),
  th: () => import('date-fns/locale/th').then((m) => m.th),
  tr: () => import('date-fns/locale/tr').then((m) => m.tr),
  uk: () => import('date-fns/locale/uk').then((m) => m.uk),
  vi: () => import('date-fns/locale/vi').then((m) => m.vi),
  zhTW: () => import('date-fns/locale/zh-TW').then((m) => m.zhTW),
};

export function loadCalendarLocale(name: string): Promise<Locale> {
  return (LOADERS[name] ?? LOADERS.enGB ?? (() => Promise.reject(new Error('no calendar locale'))))();
}
