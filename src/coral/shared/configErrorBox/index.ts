/**
 * The error box a form shows for a wrong config. No form's code imports this
 * door: a form fetches it (shared/form's ConfigProblems) only when it has a
 * wrong config to show.
 */
export {ConfigErrorBox, type ConfigProblem, ConfigProblems} from './ConfigErrorBox';
