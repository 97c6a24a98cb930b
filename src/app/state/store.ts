/** The one jotai store of the app, also read outside React (the API client reads the token from it). */
import { getDefaultStore } from 'jotai';

export const appStore = getDefaultStore();
