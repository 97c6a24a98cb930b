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
  },
  eanUpload: {
    chooseFile: 'Choose File',
    upload: 'Upload',
    uploading: 'Uploading...',
    selectFileFirst: 'Please select a file first',
    uploaded: 'File uploaded successfully',
    failed: 'Failed to upload file',
  },
  family: {
    mainNeedsFamilyKey: 'To select a product as main, you need to specify the Family Key.',
    familyKeyMissing: 'Family Key is missing',
  },
} as const;
