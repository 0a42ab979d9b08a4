import { loadConfig } from '../../../../gateway/src/core/config/app-config';
import { NotificationDeliverer } from './deliverer.service';

/** The deliverer's pump: woken while every slot is busy, it must still claim once a slot frees (found by the bench). */
describe('NotificationDeliverer.wake', () => {
  it('claims again after a wake that found every slot busy', async () => {
    const config = loadConfig({ NOTIFY_CONCURRENCY: '1', DATABASE_URL: 'postgres://unused/x' });
    const query = jest.fn(async () => []);
    const deliverer = new NotificationDeliverer({ query } as never, {} as never, {} as never, {} as never, {} as never, {} as never, {} as never, config);
    const inside = deliverer as unknown as { started: boolean; inFlight: Set<Promise<void>> };
    inside.started = true;
    // The one slot is taken by a send under way.
    const send = new Promise<void>(() => undefined);
    inside.inFlight.add(send);
    await deliverer.wake();
    expect(query).not.toHaveBeenCalled();
    // The send ends; the next wake claims.
    inside.inFlight.delete(send);
    await deliverer.wake();
    expect(query).toHaveBeenCalledTimes(1);
  });
});
