/** The Customise tab's content: loads the component's options, then shows the editor. Loaded only when the tab opens. */
import {useEffect, useState, type ReactNode} from 'react';
import type {OptionNode} from '../../coral/shared/docs';
import {Editor, type EditorProps} from './Editor';
import {OPTIONS} from './options';

export {configFromLink, type FromLink} from './fromLink';

export default function ConfigEditor(props: EditorProps): ReactNode {
  const [tree, setTree] = useState<{tag: string; options: readonly OptionNode[]} | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    OPTIONS[props.tag]().then(
      (options) => live && setTree({tag: props.tag, options}),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [props.tag]);
  if (failed) return <p role="alert">The options could not be loaded. Check the connection and reload the page.</p>;
  if (tree?.tag !== props.tag) return <p>Loading the options…</p>;
  return <Editor {...props} tree={tree.options} />;
}
