/**
 * A component drawn from a form published on the endpoint: its room while the
 * config is on its way, the load-failed box (whose "Try again" reads the form
 * again) when it cannot be had, the config box for a problem with what the
 * page gave, and otherwise the component, with the config read and its version
 * (and the visitor's variant), telling the endpoint what the visitor does with it.
 */
import {useEffect, useRef, useState, type ComponentType, type ReactNode, type Ref} from 'react';
import type {PublishedSend} from '../../contract';
import type {ConfigProblem} from '../configErrorBox';
import {readPublished, type PublishedRead} from './read';

export type PublishedProps = {
  /** The component's name in the boxes, e.g. "donate form". */
  component: string;
  form: string;
  endpoint?: string | null | undefined;
  fallbackUrl?: string | null | undefined;
  /** The component, drawn with the config read and the version, and the rest of the props given. */
  View: ComponentType<{config: unknown; published: PublishedSend; ref: Ref<never>}>;
  /** The config box, for a problem with what the page gave (the endpoint, a form of another component). */
  Problems: ComponentType<{component: string; problem: ConfigProblem}>;
  /** The room while the form is read, or (`failed`) the load-failed box; given, as the boxes are, by the first script. */
  Waiting: ComponentType<{component: string; fallbackUrl?: string | null; failed: boolean; retry: () => void; why?: string}>;
  /** The ref for the component's handle, passed on to it. */
  handle: unknown;
};

export function Published(props: PublishedProps): ReactNode {
  const {component, form, endpoint, fallbackUrl, View, Problems, Waiting, handle, ...rest} = props;
  const [attempt, setAttempt] = useState(0);
  const [read, setRead] = useState<{for: string; read: PublishedRead} | null>(null);
  const asked = `${endpoint ?? ''} ${form} ${attempt}`;
  useEffect(() => {
    let live = true;
    void readPublished(endpoint, form, component).then((answer) => live && setRead({for: asked, read: answer}));
    return () => {
      live = false;
    };
  }, [asked, endpoint, form, component]);
  // An answer to an earlier ask (another form, or before "Try again") is not shown: the room is, until this one's.
  const answer = read?.for === asked ? read.read : null;
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer?.status === 'ready' && wrapper.current) return answer.track(wrapper.current);
  }, [answer]);
  const retry = () => setAttempt((n) => n + 1);
  if (answer?.status !== 'ready' && answer?.status !== 'wrong') {
    return (
      <Waiting
        component={component}
        fallbackUrl={fallbackUrl}
        failed={!!answer}
        retry={retry}
        {...(answer?.why ? {why: answer.why} : {})}
      />
    );
  }
  if (answer.status === 'wrong') return <Problems component={component} problem={answer.problem} />;
  // With no box of its own, the wrapper changes nothing of the layout: it only hears the events its form sends.
  return (
    <div ref={wrapper} style={{display: 'contents'}}>
      <View {...rest} config={answer.config} published={answer.published} ref={handle as Ref<never>} />
    </div>
  );
}
