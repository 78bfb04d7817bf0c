/** Caller ids: believable North American numbers. */
import type { Prng } from './prng';

const AREA_CODES = [
  '201', '205', '212', '214', '216', '303', '305', '312', '313', '314', '317', '404', '407', '410', '412', '415', '469', '480',
  '502', '504', '512', '513', '516', '520', '551', '561', '571', '585', '601', '602', '614', '615', '617', '619', '646', '702',
  '704', '713', '716', '718', '727', '732', '757', '770', '773', '786', '804', '813', '817', '832', '843', '901', '904', '910',
  '917', '919', '937', '941', '954', '973',
];

/** A North American number in E.164: +1, an area code in use, an exchange that is not N11 or 555. */
export function phoneNumber(rng: Prng): string {
  let exchange = rng.int(200, 999);
  while (exchange % 100 === 11 || exchange === 555) exchange = rng.int(200, 999);
  return `+1${rng.pick(AREA_CODES)}${exchange}${String(rng.int(0, 9999)).padStart(4, '0')}`;
}
