/**
 * The sentences of the offer on bol (docs/bol.md, "Offers follow the catalogue"), beside
 * messages.ts: only the Bol Model tab reads them, so they stay out of the first visit's JavaScript
 * (docs/architecture.md, "First visit").
 */
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
};
