// @vitest-environment jsdom
/** The "did you mean …?" suggester comes only once an email is typed, and is ready by the time the field is left. */
import {renderHook, waitFor} from '@testing-library/react';
import {describe, expect, it, vi} from 'vitest';
import {useEmailSuggester} from './useEmailSuggester';

const fetched = vi.hoisted(() => vi.fn());
vi.mock('./emailSuggestion', async (original) => {
  fetched();
  return original();
});

describe('useEmailSuggester', () => {
  it('fetches nothing for an empty field, then the suggester once an address is typed', async () => {
    const {result, rerender} = renderHook(({email}) => useEmailSuggester(email), {initialProps: {email: '  '}});
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetched).not.toHaveBeenCalled();
    expect(result.current).toBeNull();
    rerender({email: 'mere@gmial.com'});
    await waitFor(() => expect(result.current).not.toBeNull());
    expect(fetched).toHaveBeenCalledTimes(1);
    expect(result.current?.('mere@gmial.com')).toBe('mere@gmail.com');
  });
});
