/** The Bol model feature's public surface: the editor's second tab (loaded on demand). */
export { default } from './BolModelTab';
