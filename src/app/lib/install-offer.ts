/**
 * The browser's offer to install the app (its `beforeinstallprompt`, docs/offline.md "Installing"),
 * kept from the start of every load: it can come before the signed-in app's screens are loaded.
 * The install button (ui/InstallButton.tsx) reads it. Kept this small because it is part of the
 * first visit's JavaScript (docs/architecture.md, "First visit").
 */
export const installOffer: { event: Event | null; seen: Set<() => void> } = { event: null, seen: new Set() };

/** Keeps the browser's offer (and its own banner back); the button asks it later. */
export function catchInstallOffer(): void {
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    installOffer.event = event;
    installOffer.seen.forEach((listener) => listener());
  });
}
