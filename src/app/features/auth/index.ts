/** The auth feature's public surface: the sign-in form the first-visit screen shows. */
export { SignInForm } from './SignInForm';
