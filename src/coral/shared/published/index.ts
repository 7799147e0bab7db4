/** Forms published on the endpoint, read by their id: the fetch-and-read (no React) and the view that draws a component from one. */
export {Published, type PublishedProps} from './Published';
export {readPublished, type PublishedRead} from './read';
export {VISITOR_KEY} from './visitor';
