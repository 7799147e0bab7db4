/** The share actions shown with the thanks after a gift or a signature: a view of its own, loaded with the components that thank. */
export {ShareActions} from './ShareActions';
