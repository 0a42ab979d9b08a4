import type { V1CronJob, V1Deployment, V1Job, V1Node, V1PersistentVolumeClaim, V1Pod } from '@kubernetes/client-node';
import { cronJobHealth, deploymentHealth, healthOf, jobHealth, nodeHealth, podHealth, pvcHealth, replicasHealth, RESTART_WARNING } from './health';

const pod = (status: object, extra: object = {}) => ({ metadata: { name: 'p' }, status, ...extra }) as unknown as V1Pod;
const running = (restartCount = 0, ready = true, lastState: object = {}) =>
  pod({
    phase: 'Running',
    conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }],
    containerStatuses: [{ name: 'app', restartCount, ready, state: { running: {} }, lastState }],
  });

describe('pod health', () => {
  it('is healthy when running and ready, a warning when not ready or restarting', () => {
    expect(podHealth(running())).toEqual({ health: 'healthy', status: 'Running', ready: true });
    expect(podHealth(running(0, false))).toEqual({ health: 'warning', status: 'NotReady', ready: false });
    expect(podHealth(running(RESTART_WARNING))).toMatchObject({ health: 'warning', status: 'Restarting', ready: true });
    expect(podHealth(running(RESTART_WARNING - 1))).toMatchObject({ health: 'healthy' });
    expect(podHealth(running(1, true, { terminated: { reason: 'OOMKilled' } }))).toMatchObject({ health: 'warning', status: 'OOMKilled' });
  });

  it('is unhealthy on a failing waiting reason or phase Failed', () => {
    const waiting = (reason: string) =>
      pod({ phase: 'Running', containerStatuses: [{ name: 'app', restartCount: 7, ready: false, state: { waiting: { reason } } }] });
    expect(podHealth(waiting('CrashLoopBackOff'))).toEqual({ health: 'unhealthy', status: 'CrashLoopBackOff', ready: false });
    expect(podHealth(pod({ phase: 'Pending', containerStatuses: [{ name: 'a', state: { waiting: { reason: 'ImagePullBackOff' } } }] }))).toMatchObject({
      health: 'unhealthy',
      status: 'ImagePullBackOff',
    });
    expect(podHealth(pod({ phase: 'Failed', reason: 'Evicted' }))).toMatchObject({ health: 'unhealthy', status: 'Evicted' });
  });

  it('reads Pending (unschedulable or creating) and Succeeded', () => {
    expect(podHealth(pod({ phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable' }] }))).toMatchObject({
      health: 'unhealthy',
      status: 'Unschedulable',
    });
    expect(podHealth(pod({ phase: 'Pending', containerStatuses: [{ name: 'a', state: { waiting: { reason: 'ContainerCreating' } } }] }))).toMatchObject({
      health: 'unknown',
      status: 'ContainerCreating',
    });
    expect(podHealth(pod({ phase: 'Succeeded' }))).toMatchObject({ health: 'healthy', status: 'Completed', ready: false });
  });

  it('marks an object being deleted as Terminating', () => {
    const p = running();
    p.metadata = { name: 'p', deletionTimestamp: '2024-01-01T00:00:00Z' as unknown as Date };
    expect(healthOf('Pod', p)).toMatchObject({ status: 'Terminating', health: 'warning' });
  });
});

describe('deployment health', () => {
  const dep = (replicas: number, status: object) => ({ spec: { replicas }, status }) as unknown as V1Deployment;
  it('compares available replicas with desired', () => {
    expect(deploymentHealth(dep(3, { availableReplicas: 3, updatedReplicas: 3 }))).toEqual({ health: 'healthy', status: 'Running', ready: true });
    expect(deploymentHealth(dep(3, { availableReplicas: 1, updatedReplicas: 3 }))).toMatchObject({ health: 'warning', status: 'Degraded' });
    expect(deploymentHealth(dep(3, { availableReplicas: 1, updatedReplicas: 1 }))).toMatchObject({ health: 'warning', status: 'Updating' });
    expect(deploymentHealth(dep(3, {}))).toEqual({ health: 'unhealthy', status: 'Unavailable', ready: false });
    expect(deploymentHealth(dep(0, {}))).toMatchObject({ health: 'healthy', status: 'Scaled to zero' });
  });
  it('is unhealthy when the rollout stalled (Progressing=False)', () => {
    const stalled = dep(2, { availableReplicas: 2, conditions: [{ type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded' }] });
    expect(deploymentHealth(stalled)).toMatchObject({ health: 'unhealthy', status: 'ProgressDeadlineExceeded' });
  });
});

describe('sets, nodes, jobs, claims', () => {
  it('judges ready against desired for replica sets, stateful sets and daemon sets', () => {
    expect(replicasHealth(2, 2).health).toBe('healthy');
    expect(replicasHealth(1, 2)).toMatchObject({ health: 'warning', status: '1/2 ready' });
    expect(replicasHealth(0, 2).health).toBe('unhealthy');
    expect(healthOf('DaemonSet', { status: { numberReady: 0, desiredNumberScheduled: 3 } })?.health).toBe('unhealthy');
    expect(healthOf('StatefulSet', { spec: { replicas: 2 }, status: { readyReplicas: 2 } })?.health).toBe('healthy');
  });

  it('reads node Ready and pressure conditions', () => {
    const node = (conditions: object[], spec: object = {}) => ({ spec, status: { conditions } }) as unknown as V1Node;
    expect(nodeHealth(node([{ type: 'Ready', status: 'True' }]))).toEqual({ health: 'healthy', status: 'Ready', ready: true });
    expect(nodeHealth(node([{ type: 'Ready', status: 'Unknown' }]))).toMatchObject({ health: 'unhealthy', status: 'NotReady' });
    expect(
      nodeHealth(
        node([
          { type: 'Ready', status: 'True' },
          { type: 'DiskPressure', status: 'True' },
        ]),
      ),
    ).toMatchObject({ health: 'warning', status: 'DiskPressure' });
    expect(nodeHealth(node([{ type: 'Ready', status: 'True' }], { unschedulable: true }))).toMatchObject({ status: 'SchedulingDisabled' });
  });

  it('reads job conditions and cron job runs', () => {
    const job = (status: object) => ({ status }) as unknown as V1Job;
    expect(jobHealth(job({ succeeded: 1, conditions: [{ type: 'Complete', status: 'True' }] }))).toMatchObject({ health: 'healthy', status: 'Complete' });
    expect(jobHealth(job({ failed: 6, conditions: [{ type: 'Failed', status: 'True', reason: 'BackoffLimitExceeded' }] }))).toMatchObject({
      health: 'unhealthy',
      status: 'BackoffLimitExceeded',
    });
    expect(jobHealth(job({ active: 1 }))).toMatchObject({ health: 'unknown', status: 'Running' });
    const cron = (spec: object, status: object) => ({ spec, status }) as unknown as V1CronJob;
    expect(cronJobHealth(cron({ suspend: true }, {}))).toMatchObject({ status: 'Suspended' });
    expect(cronJobHealth(cron({}, { lastScheduleTime: '2024-01-02T00:00:00Z', lastSuccessfulTime: '2024-01-02T00:01:00Z' }))).toMatchObject({
      health: 'healthy',
    });
    expect(cronJobHealth(cron({}, { lastScheduleTime: '2024-01-02T00:00:00Z', lastSuccessfulTime: '2024-01-01T00:01:00Z' }))).toMatchObject({
      health: 'warning',
      status: 'LastRunFailed',
    });
  });

  it('reads claim phases; config maps have no health', () => {
    const pvc = (phase: string) => ({ status: { phase } }) as unknown as V1PersistentVolumeClaim;
    expect(pvcHealth(pvc('Bound')).health).toBe('healthy');
    expect(pvcHealth(pvc('Pending'))).toMatchObject({ health: 'warning', status: 'Pending' });
    expect(pvcHealth(pvc('Lost')).health).toBe('unhealthy');
    expect(healthOf('ConfigMap', { data: {} })).toBeNull();
    expect(healthOf('Service', { spec: { type: 'LoadBalancer' }, status: {} })).toMatchObject({ health: 'warning', status: 'Pending' });
  });
});
