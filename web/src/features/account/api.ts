import type {
  AdminUpdateUserBody,
  Language,
  MessageReply,
  PasswordLoginBody,
  RegisterBody,
  ResendOtpBody,
  ShopContact,
  StoreCreditAnswer,
  User,
  UserInfo,
  VerifyOtpBody,
  VerifyOtpReply,
} from '@rr/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
import { sessionStore, signIn, useUserInfo } from './session-store.ts';

/** Every query key of accounts: the list, one user, and the signed-in user's profile. */
export const userKeys = {
  all: ['users'] as const,
  profile: ['users', 'profile'] as const,
  storeCredit: ['users', 'profile', 'store-credit'] as const,
  one: (id: string) => ['users', 'one', id] as const,
};

const userPath = (id: string) => `/api/users/${encodeURIComponent(id)}`;

/** A mutation that signs in whoever it returns; nothing loaded for an earlier user outlives the switch. */
function useSignInMutation<Body>(call: (body: Body) => Promise<VerifyOtpReply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (info) => {
      if (sessionStore.get()?._id !== info._id) queryClient.clear();
      // A code from the profile proves the phone: the profile shows it at once.
      else void queryClient.invalidateQueries({ queryKey: userKeys.profile });
      signIn(info, { passwordReset: info.passwordReset });
    },
  });
}

/** POST /api/users: registration signs the new customer in (SPEC §4). */
export function useRegister() {
  return useSignInMutation((body: RegisterBody) => apiFetch<UserInfo>('/api/users', { method: 'POST', json: body }));
}

export function usePasswordLogin() {
  return useSignInMutation((body: PasswordLoginBody) =>
    apiFetch<UserInfo>('/api/users/loginviapassword', { method: 'POST', json: body }),
  );
}

/** Sends (or sends again) a one-time code; the reply's message says where it went. */
export function useSendOtp() {
  return useMutation({
    mutationFn: (body: ResendOtpBody) => apiFetch<MessageReply>('/api/users/resendOTP', { method: 'POST', json: body }),
  });
}

export function useVerifyOtp() {
  return useSignInMutation((body: VerifyOtpBody) =>
    apiFetch<VerifyOtpReply>('/api/users/verifyotp', { method: 'POST', json: body }),
  );
}

const profileQuery = { queryKey: userKeys.profile, queryFn: () => apiFetch<User>('/api/users/profile') };

export function useProfile() {
  return useQuery(profileQuery);
}

/**
 * GET /api/users/store-credit (issue 28): the balance and its ledger, newest first. Under the profile's
 * key, so whatever refreshes the profile (an order cancelled, a refund) refreshes it too.
 */
export function useStoreCredit() {
  return useQuery({
    queryKey: userKeys.storeCredit,
    queryFn: () => apiFetch<StoreCreditAnswer>('/api/users/store-credit'),
  });
}

/** The signed-in customer's store credit in rupees, from the profile (0 until it has loaded, or signed out). */
export function useStoreCreditBalance(): number {
  const signedIn = useUserInfo() !== null;
  const profile = useQuery({ ...profileQuery, enabled: signedIn });
  return profile.data?.storeCredit ?? 0;
}

/** PUT /api/users/profile changes only the password and answers with fresh user info (a new token). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      id: string;
      name: string;
      email: string;
      phone: string;
      password: string;
      currentPassword: string;
    }) => apiFetch<UserInfo>('/api/users/profile', { method: 'PUT', json: body }),
    onSuccess: (info) => {
      signIn(info);
      void queryClient.invalidateQueries({ queryKey: userKeys.profile });
    },
  });
}

/** PUT /api/users/profile with `orderEmails`: e-mails about orders on or off (SMS always go). */
export function useOrderEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderEmails: boolean) =>
      apiFetch<UserInfo>('/api/users/profile', { method: 'PUT', json: { orderEmails } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: userKeys.profile }),
  });
}

/** PUT /api/users/profile with `whatsappOptIn` (issue 27): order messages on WhatsApp on or off. */
export function useWhatsappOptIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (whatsappOptIn: boolean) =>
      apiFetch<UserInfo>('/api/users/profile', { method: 'PUT', json: { whatsappOptIn } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: userKeys.profile }),
  });
}

/** PUT /api/users/profile with `language` (issue 30): the language of the customer's order messages. */
export function useMessageLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Language) => apiFetch<UserInfo>('/api/users/profile', { method: 'PUT', json: { language } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: userKeys.profile }),
  });
}

/** GET /api/config/contact: the shop's WhatsApp number (digits with the country code), or null. */
export function useShopContact() {
  return useQuery({
    queryKey: ['config', 'contact'] as const,
    queryFn: () => apiFetch<ShopContact>('/api/config/contact'),
    staleTime: 60 * 60_000,
  });
}

export function useUsers() {
  return useQuery({ queryKey: userKeys.all, queryFn: () => apiFetch<User[]>('/api/users') });
}

export function useUser(id: string) {
  return useQuery({ queryKey: userKeys.one(id), queryFn: () => apiFetch<User>(userPath(id)) });
}

export function useUpdateUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminUpdateUserBody) => apiFetch<User>(userPath(id), { method: 'PUT', json: body }),
    onSuccess: (updated) => {
      // An admin renaming themself sees the new name in the header at once.
      const me = sessionStore.get();
      if (me?._id === updated._id)
        signIn({ ...me, name: updated.name, email: updated.email, isAdmin: updated.isAdmin });
      queryClient.setQueryData(userKeys.one(id), updated);
      return queryClient.invalidateQueries({ queryKey: userKeys.all, exact: true });
    },
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<MessageReply>(userPath(id), { method: 'DELETE' }),
    onSuccess: (_reply, id) => {
      queryClient.removeQueries({ queryKey: userKeys.one(id) });
      return queryClient.invalidateQueries({ queryKey: userKeys.all, exact: true });
    },
  });
}
