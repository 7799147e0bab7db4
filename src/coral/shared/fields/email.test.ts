import {describe, expect, it} from 'vitest';
import {validateEmail} from './email';
import {suggestEmail} from './emailSuggestion';

describe('validateEmail', () => {
  it.each(['jo@example.com', ' jo.citizen+reef@mail.example.org.au '])('accepts %j', (input) => {
    expect(validateEmail(input)).toEqual({ok: true, value: input.trim()});
  });

  it.each(['', 'jo', 'jo@', 'jo@example', 'jo @example.com', '<script>@x.com', 'a@b@c.com'])('refuses %j', (input) => {
    expect(validateEmail(input).ok).toBe(false);
  });
});

describe('suggestEmail', () => {
  it.each([
    ['jo@gmail.con', 'jo@gmail.com'],
    ['jo@gmial.com', 'jo@gmail.com'],
    ['jo@hotmial.com', 'jo@hotmail.com'],
    ['jo@bigpond.con', 'jo@bigpond.com'],
    ['jo@xtra.co.nx', 'jo@xtra.co.nz'],
    ['jo@optusnet.com.ua', 'jo@optusnet.com.au'],
  ])('suggests %s → %s', (input, expected) => {
    expect(suggestEmail(input)).toBe(expected);
  });

  it.each(['jo@gmail.com', 'jo@greenpeace.org', 'jo', 'jo@'])('leaves %j alone', (input) => {
    expect(suggestEmail(input)).toBeNull();
  });
});
