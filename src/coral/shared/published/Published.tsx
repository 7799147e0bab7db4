/**
 * A component drawn from a form published on the endpoint: its room while the
 * config is on its way, the load-failed box (whose "Try again" reads the form again) when it cannot
 * be had, and otherwise what `children` draws of the read: the component, or
 * the config box for a problem with what the page gave.
 */
import {useEffect, useState, type ReactNode} from 'react';
import type {PublishedForm} from '../../contract';
import type {ConfigError} from '../config';
import {LoadFailedBox, LoadingRoom} from '../ui';
import {readPublished, type PublishedRead} from './read';

export type PublishedProps = {
  /** The component's name in the boxes, e.g. "donate form". */
  component: string;
  form: string;
  endpoint?: string | null | undefined;
  fallbackUrl?: string | null | undefined;
  /** Draws the component from the config read, or the config box for a problem with what the page gave. */
  children: (read: {config: unknown; published: PublishedForm} | {problem: ConfigError[]}) => ReactNode;
};

export function Published({component, form, endpoint, fallbackUrl, children}: PublishedProps): ReactNode {
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
  if (!answer) return <LoadingRoom component={component} />;
  if (answer.status === 'failed') {
    const retry = () => setAttempt((n) => n + 1);
    return <LoadFailedBox component={component} fallbackUrl={fallbackUrl ?? null} retry={retry} {...(answer.why ? {why: answer.why} : {})} />;
  }
  return children(answer);
}
