/**
 * Every user-facing sentence of the specification, written once, so that the screens, the server
 * and the tests all use the exact same words.
 */
export const messages = {
  underConstruction: 'This page is under construction',
  loading: 'Loading...',
  login: {
    alreadySignedIn: "You're already logged in.",
    signInFirst: 'For continue you need sign in first',
    sessionExpired: 'Your Access Token has been expired',
    bothFieldsRequired: 'Both fields are required.',
    userNameRequired: 'Email is required',
    passwordRequired: 'Password is required',
    tokenMissing: 'Access token not found in response',
    signInFailed: (error: string) => `Error signing in: ${error}`,
  },
  app: {
    updateAvailable: 'A new version is available',
    loadFailed:
      'This part of the app could not be loaded. Check the connection and reload; changes waiting on this device are kept.',
  },
  eanUpload: {
    chooseFile: 'Choose File',
    upload: 'Upload',
    uploading: 'Uploading...',
    selectFileFirst: 'Please select a file first',
    uploaded: 'File uploaded successfully',
    failed: 'Failed to upload file',
  },
  sync: {
    /** The login page while the browser is offline. */
    signInNeedsConnection: 'Signing in needs a connection. Changes waiting on this device are kept and sent once you are signed in again.',
    signOutWaitingTitle: 'Changes are still waiting',
    signOutWaiting: (count: number) =>
      count === 1
        ? '1 change has not reached the server yet. It stays on this device and is sent when you sign in again.'
        : `${count} changes have not reached the server yet. They stay on this device and are sent when you sign in again.`,
    pausedForSignIn: 'Sending stopped: the server asks you to sign in again. Your changes are kept.',
    discardTitle: 'Discard this change?',
    discardConfirm: 'It is removed from this device and never sent. This cannot be undone.',
    allSent: 'All changes are on the server',
    offlineNote: 'You are offline. Changes are kept on this device and sent when the connection returns.',
  },
  family: {
    mainNeedsFamilyKey: 'To select a product as main, you need to specify the Family Key.',
    familyKeyMissing: 'Family Key is missing',
  },
} as const;
