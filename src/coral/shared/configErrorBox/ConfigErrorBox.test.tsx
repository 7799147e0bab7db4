// @vitest-environment jsdom
import {cleanup, render, screen} from '@testing-library/react';
import {afterEach, describe, expect, it, vi} from 'vitest';
import type {ConfigError} from '../config';
import {expectNoAxeViolations} from '../testing';
import {ConfigErrorBox} from './ConfigErrorBox';

afterEach(cleanup);

const campaign: ConfigError = {path: 'campaign', value: '"Save The Reef!"', message: 'expected 2 to 64 characters'};
const size: ConfigError = {path: 'size', value: '"huge"', message: 'expected one of small, medium, large'};

describe('ConfigErrorBox', () => {
  it.each([
    [[campaign], '1 problem'],
    [[campaign, size], '2 problems'],
  ] as const)('counts its problems in real words, in the box and in the console', async (errors, count) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const {container} = render(<ConfigErrorBox component="donate form" errors={errors} />);
    expect(screen.getByRole('alert')).toHaveTextContent(`This donate form cannot be shown: its config has ${count}.`);
    expect(error).toHaveBeenCalledWith(
      `Coral: the donate form config has ${count}:\n${errors.map((e) => `${e.path}: got ${e.value}; ${e.message}`).join('\n')}`,
    );
    expect(error.mock.calls.flat().join('\n')).not.toContain('(s)');
    await expectNoAxeViolations(container);
  });
});
