/**
 * Phone numbers of Australia, New Zealand and the Pacific as supporters write them: spaces, dashes, brackets, the
 * country code with + or an international prefix (00, or 0011 from Australia), a trunk 0 in brackets, and then typed
 * every way (`TYPINGS`: spaces around, full-width digits). Australia's are from the mobile and landline numbers ACMA
 * sets aside for fiction, so none rings anyone.
 */
import {typedEveryWay} from './typing';

export type WrittenPhone = {country: string; written: string};

const AU_FICTION_MOBILES = ['0491 570 006', '0491 570 156', '0491 570 313', '0491 571 266', '0491 572 549', '0491 573 770', '0491 578 888'];

/** An Australian mobile, given as `04xx xxx xxx`, in every form an Australian or a New Zealander writes it. */
function australianMobile(spaced: string): string[] {
  const digits = spaced.replaceAll(' ', '');
  const [a, b, c] = [digits.slice(1, 4), digits.slice(4, 7), digits.slice(7)];
  return [
    spaced,
    digits,
    `0${a}-${b}-${c}`,
    `(0${a}) ${b} ${c}`,
    `04 ${digits.slice(2, 6)} ${digits.slice(6)}`,
    `0${a}.${b}.${c}`,
    `+61 ${a} ${b} ${c}`,
    `+61${a}${b}${c}`,
    `+61 (0) ${a} ${b} ${c}`,
    `+61-${a}-${b}-${c}`,
    `61 ${a} ${b} ${c}`,
    `0061 ${a} ${b} ${c}`,
  ];
}

export const WRITTEN_PHONES: readonly WrittenPhone[] = [
  ...AU_FICTION_MOBILES.flatMap(australianMobile).map((written) => ({country: 'Australia', written})),
  ...['(02) 5550 4321', '02 5550 4321', '+61 2 5550 4321', '(03) 7010 1234', '07 5550 9876', '+61 8 5550 1111', '1800 160 401'].map(
    (written) => ({country: 'Australia', written}),
  ),
  ...[
    '021 123 4567',
    '0211234567',
    '021-123-4567',
    '(021) 123 4567',
    '027 555 0123',
    '022 012 3456',
    '+64 21 123 4567',
    '+6421 123 4567',
    '+64 (0)21 123 4567',
    '0064 21 123 4567',
    '0011 64 21 123 4567',
    '(09) 555 0123',
    '+64 9 555 0123',
  ].map((written) => ({country: 'New Zealand', written})),
  ...[
    ['Fiji', ['+679 921 2345', '(+679) 921 2345', '921 2345', '00679 9212345', '679-921-2345']],
    ['Papua New Guinea', ['+675 7012 3456', '7012 3456', '(675) 7012-3456', '+675 325 1234']],
    ['Solomon Islands', ['+677 749 1234', '749 1234', '(677) 7491234']],
    ['Samoa', ['+685 72 12345', '72 12345', '0685 7212345']],
    ['Tonga', ['+676 771 2345', '771 2345']],
    ['Vanuatu', ['+678 555 1234', '555 1234', '+678 7712345']],
    ['Cook Islands', ['+682 55 123', '55 123']],
    ['Kiribati', ['+686 7301 2345', '7301 2345']],
    ['New Caledonia', ['+687 75 12 34', '75.12.34']],
    ['French Polynesia', ['+689 87 12 34 56', '87 12 34 56']],
  ].flatMap(([country, written]) => (written as string[]).map((one) => ({country: country as string, written: one}))),
];

/** Every written phone, typed every way. */
export const PHONES: readonly string[] = typedEveryWay(WRITTEN_PHONES.map(({written}) => written));
