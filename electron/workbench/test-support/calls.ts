// Typed calls through a workbench's dispatcher (the path both IPC and browser mode take), for tests.
import type { MethodInput, MethodName, MethodOutput, Result } from '../../common/ipc';
import type { Workbench } from '../create-workbench';

export interface Calls {
  /** A call as the renderer makes it, with its result. */
  call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<Result<MethodOutput<M>>>;
  /** The value of a call that must succeed; a failure throws with its code and message. */
  value<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>>;
  /** Polls a case run until it ends (the renderer does the same with a timer). */
  finished(job: MethodOutput<'cases.run'>): Promise<MethodOutput<'cases.job'>>;
}

/** Calls on the workbench `current()` returns at call time (tests create theirs in `beforeAll`). */
export function callsOn(current: () => Workbench): Calls {
  const call = <M extends MethodName>(method: M, input: MethodInput<M>) =>
    current().dispatch(method, input) as Promise<Result<MethodOutput<M>>>;
  const value = async <M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> => {
    const result = await call(method, input);
    if (!result.ok) throw new Error(`${method}: ${result.error.code}: ${result.error.message}`);
    return result.value;
  };
  return {
    call,
    value,
    async finished(job) {
      let state = job;
      while (state.state === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 20));
        state = await value('cases.job', { jobId: job.jobId });
      }
      return state;
    },
  };
}
