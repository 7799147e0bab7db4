import {describe, expect, it, vi} from 'vitest';
import {GIFT_CODE_NOT_LOADED, lazyGateway} from './lazyGateway';
import {onDemand} from '../basics';
import {createSandboxGateway} from './sandbox';
import {intent, signup, testCard} from '../testing';

describe('onDemand', () => {
  it('loads once for every ask, and afresh after a load that failed', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('code');
    const code = onDemand(load);
    expect(load).not.toHaveBeenCalled();
    await expect(code.get()).rejects.toThrow('offline');
    expect(code.loaded()).toBeNull();
    await expect(Promise.all([code.get(), code.get()])).resolves.toEqual(['code', 'code']);
    expect(code.loaded()).toBe('code');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('lazyGateway', () => {
  it('fetches the gateway’s code only when the form first sends', async () => {
    const load = vi.fn(() => Promise.resolve(createSandboxGateway({delayMs: 0})));
    const gateway = lazyGateway(load);
    expect(load).not.toHaveBeenCalled();
    const result = await gateway.charge(intent(), {idempotencyKey: 'k1', testPayment: testCard()});
    expect(result.status).toBe('approved');
    await expect(gateway.sign(signup(), {idempotencyKey: 'k2'})).resolves.toMatchObject({status: 'accepted'});
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says nothing was charged or sent when the code cannot load, and loads again on the next try', async () => {
    const load = vi
      .fn(() => Promise.resolve(createSandboxGateway({delayMs: 0})))
      .mockRejectedValueOnce(new Error('offline'))
      .mockRejectedValueOnce(new Error('offline'));
    const gateway = lazyGateway(load);
    await expect(gateway.charge(intent(), {idempotencyKey: 'k1', testPayment: testCard()})).resolves.toEqual(GIFT_CODE_NOT_LOADED);
    await expect(gateway.sign(signup(), {idempotencyKey: 'k2'})).resolves.toMatchObject({
      status: 'error',
      outcome: 'not-sent',
      retryable: true,
    });
    await expect(gateway.charge(intent(), {idempotencyKey: 'k1', testPayment: testCard()})).resolves.toMatchObject({status: 'approved'});
    expect(load).toHaveBeenCalledTimes(3);
  });
});
