// The account feature's public face: other features and app/ import only what is here.
import { lazy } from 'react';

export { useDeleteUser, useStoreCreditBalance, useUpdateUser, useUser, useUsers, userKeys } from './api.ts';
export { useCreateAddress, useSavedAddresses } from './addresses-api.ts';
export { RequireAdmin, RequireSignIn } from './guards.tsx';
export { withRedirect } from './redirect-target.ts';
export { signOut, takeSignOutNotice, useUserInfo } from './session-store.ts';
export { useSignOutOnTokenFailure, type LoginNotice } from './sign-out.ts';

// Loaded on first visit, keeping them out of the home page's JavaScript.
export const LoginPage = lazy(() => import('./pages/login-page.tsx').then((m) => ({ default: m.LoginPage })));
export const RegisterPage = lazy(() => import('./pages/register-page.tsx').then((m) => ({ default: m.RegisterPage })));
export const VerifyOtpPage = lazy(() =>
  import('./pages/verify-otp-page.tsx').then((m) => ({ default: m.VerifyOtpPage })),
);
export const UserProfile = lazy(() =>
  import('./components/user-profile.tsx').then((m) => ({ default: m.UserProfile })),
);
export const AddressesPage = lazy(() =>
  import('./pages/addresses-page.tsx').then((m) => ({ default: m.AddressesPage })),
);
