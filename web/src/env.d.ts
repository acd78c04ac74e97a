/** Vite imports the page's stylesheet as a side effect. */
declare module '*.css';
