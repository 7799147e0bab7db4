/**
 * A part of a form whose code loads the first time it is drawn (or earlier,
 * through `preload`, when the form knows it will soon be needed). Until the
 * code arrives, and when it cannot load, `Waiting` stands in its place, told
 * whether the load failed and given a way to try again.
 */
import {useEffect, useState, type ComponentType, type ReactNode} from 'react';
import {onDemand} from '../basics';

export type WaitingProps = {failed: boolean; retry: () => void};

export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  Waiting: ComponentType<P & WaitingProps>,
): ComponentType<P> & {preload: () => void} {
  const code = onDemand(load);
  function LazyPart(props: P): ReactNode {
    const [attempt, setAttempt] = useState(0);
    const [failed, setFailed] = useState(false);
    const [Part, setPart] = useState<{part: ComponentType<P>} | null>(() => {
      const loaded = code.loaded();
      return loaded ? {part: loaded} : null;
    });
    useEffect(() => {
      if (Part) return;
      let live = true;
      code.get().then(
        (part) => live && setPart({part}),
        () => live && setFailed(true),
      );
      return () => {
        live = false;
      };
    }, [Part, attempt]);
    if (Part) return <Part.part {...props} />;
    const retry = () => {
      setFailed(false);
      setAttempt((n) => n + 1);
    };
    return <Waiting {...props} failed={failed} retry={retry} />;
  }
  return Object.assign(LazyPart, {preload: () => void code.get().catch(() => {})});
}
