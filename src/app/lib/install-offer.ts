/**
 * The browser's offer to install the app (its `beforeinstallprompt`, docs/offline.md "Installing"),
 * kept from the start of every load: it can come before the signed-in app's screens are loaded,
 * and the install button (ui/InstallButton.tsx) asks it later. Nothing is kept where the browser
 * makes no such offer (Safari, Firefox) or once the app is installed: the button stays hidden.
 */

/** The part of Chromium's BeforeInstallPromptEvent the button uses (not in TypeScript's DOM types). */
export interface InstallOffer extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: InstallOffer | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

export const installOffer = {
  get: (): InstallOffer | null => offer,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Used once: the browser answers a second prompt() with an error. */
  take(): InstallOffer | null {
    const taken = offer;
    offer = null;
    changed();
    return taken;
  },
};

/** Keeps the browser's offer (and keeps it from showing its own banner); forgets it once installed. */
export function catchInstallOffer(): void {
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    offer = event as InstallOffer;
    changed();
  });
  addEventListener('appinstalled', () => {
    offer = null;
    changed();
  });
}
