import { OFFLINE_NOTE } from './messages';

/**
 * Not in the spec, apart from the sync panel's offline note: what is refused or not shown because
 * the server is not there, by cause: offline (no network) or unreachable (a network, but the
 * server does not answer). Chosen by `noServerSentence` (src/app/lib/no-server-sentence.ts,
 * docs/offline.md "Reaching the server"). Kept apart from messages.ts, which the sign-in page
 * loads: only screens behind it refuse for want of the server.
 */
export const noServerMessages = {
  syncNote: {
    offline: OFFLINE_NOTE,
    unreachable: "Can't reach the server. Changes are kept on this device and sent when it answers again.",
  },
  parserSave: {
    offline: 'You are offline. Saving a supplier needs the server, which checks the feed address; your changes stay in this form until the connection is back.',
    unreachable: "Can't reach the server. Saving a supplier needs the server, which checks the feed address; your changes stay in this form until it answers again.",
  },
  parserAction: {
    offline: 'You are offline. Test feed and Run need the server; try again when the connection is back.',
    unreachable: "Can't reach the server. Test feed and Run need the server; try again once it answers.",
  },
  parserEnable: {
    offline: 'You are offline. Enabling or disabling a supplier needs the server; try again when the connection is back.',
    unreachable: "Can't reach the server. Enabling or disabling a supplier needs the server; try again once it answers.",
  },
  productNotKept: {
    offline: 'You are offline and this product is not kept on this device.',
    unreachable: "Can't reach the server, and this product is not kept on this device.",
  },
  bolModelNotKept: {
    offline: 'You are offline and the Bol model of this product is not kept on this device.',
    unreachable: "Can't reach the server, and the Bol model of this product is not kept on this device.",
  },
  logsNotFetched: {
    offline: 'You are offline, and these logs have not been fetched on this device yet.',
    unreachable: "Can't reach the server, and these logs have not been fetched on this device yet.",
  },
  reportNotFetched: {
    offline: 'You are offline, and this report has not been fetched on this device yet.',
    unreachable: "Can't reach the server, and this report has not been fetched on this device yet.",
  },
  nextPageNotKept: {
    offline: 'Offline: the next page is not kept on this device.',
    unreachable: "Can't reach the server: the next page is not kept on this device.",
  },
};
