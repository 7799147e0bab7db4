/**
 * The Luhn checksum every card number carries. Kept apart from the card checks,
 * which load only with the sandbox's test fields: the server's card-data
 * guard needs it on its own.
 */
export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  // Number(' ') is 0, so anything but digits must fail here rather than count as zeros.
  return /^\d+$/.test(digits) && sum % 10 === 0;
}
