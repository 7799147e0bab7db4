/** The results page's script, bundled for the browser as one string (server/resultsScript.mts). */
declare module 'virtual:coral-results-script' {
  const script: string;
  export default script;
}
