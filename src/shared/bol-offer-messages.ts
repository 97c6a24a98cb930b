/**
 * The sentences of the offer on bol (docs/bol.md, "Offers follow the catalogue"), beside
 * messages.ts: the Bol Model tab, the product list's offer state filter, /report and the offer
 * settings read them, so they stay out of the first visit's JavaScript (docs/architecture.md,
 * "First visit").
 */
import type { OfferStateName } from './product-filter';

export const bolOfferMessages = {
  heading: 'Offer on bol',
  sendAnyway: 'Send anyway',
  sendAnywayQueued: 'Sending the held-back change to bol. It goes out within two minutes.',
  sendAnywayWaiting: 'Send anyway is waiting to reach the server.',
  sendAnywayFailed: (reason: string) => `Could not send anyway: ${reason}`,
  noOffer: 'No offer on bol yet.',
  waiting: 'A change is waiting to be sent to bol (within two minutes).',
  heldBack: 'Held back, not sent:',
  failed: 'Sending to bol failed:',
  retrying: (at: string) => `Trying again at ${at}.`,
  notOffered: 'Not offered on bol:',
  notPublishable: 'bol does not show the offer:',
  lastSent: (at: string) => `Last sent ${at}`,
  fromImport: 'As the last offer import saw it; nothing sent from here yet.',
  /** The product list's filter on offer state, and the states' names (OFFER_STATES). */
  offerStateFilter: 'Offer state',
  /** /report: the offers the sync keeps, per state. */
  reportHeading: 'Offers kept in step with the catalogue',
  reportLabels: { live: 'Offers live', waiting: 'Offer changes waiting', held: 'Offer changes held back', failed: 'Offer changes failed' },
  reportHints: {
    live: 'For sale on bol as the catalogue says.',
    waiting: 'Sent to bol within two minutes.',
    held: 'A guard rail stopped them; open each product to decide.',
    failed: 'bol refused them; read why on each product.',
  },
  /** The offer settings screen (admins). */
  settings: {
    title: 'Offer guard rails and stock buffers',
    intro: 'What the offer sync holds back for a person to decide, and the stock it keeps back from bol per supplier.',
    link: 'Offer guard rails and buffers',
    priceChange: 'Largest price change sent at once (%)',
    priceChangeHint: 'A bigger change of the selling price is held back until someone taps Send anyway.',
    priceChangeProblem: 'Enter a whole or decimal percentage from 1 to 1000.',
    zeroStock: 'Broken-feed share (%)',
    zeroStockHint: "A feed import that drops more than this share of its supplier's products on bol to 0 stock is held back as a whole.",
    zeroStockProblem: 'Enter a percentage from 0 to 100.',
    buffers: 'Stock kept back per supplier',
    buffersHint: 'bol gets the stock less this number (never below 0). Leave empty for none.',
    bufferProblem: (supplier: string) => `Enter a whole number from 0 to 999 for ${supplier}.`,
    noSuppliers: 'No suppliers yet.',
    save: 'Save settings',
    saved: 'Settings saved. The next offer changes use them.',
    fixFirst: 'Fix the fields marked in red, then save again.',
    offline: 'You are offline. The settings can be saved once the connection is back.',
    lastChanged: (by: string, at: string) => `Last changed by ${by}, ${at}.`,
    adminsOnly: 'Only an administrator can change the offer settings.',
  },
  offerStates: { live: 'Live', waiting: 'Waiting', held: 'Held back', failed: 'Failed', none: 'Not for sale' } satisfies Record<OfferStateName, string>,
};
