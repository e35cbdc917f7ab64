import { Stack, Title } from '@mantine/core';
import { ApiTokensSection } from '../api-tokens/index.ts';
import { SignatureSection } from '../firm-profile/index.ts';
import { TwoFactorSection, useTwoFactorStatus } from '../two-factor/index.ts';

/** Settings → My account (/settings/account, everyone): the person's own signature, two-factor sign-in and API tokens. */
export default function AccountSection() {
  // One query with the two-factor card: turning it on there lifts the tokens' notice at once.
  const twoFactor = useTwoFactorStatus();
  const twoFactorOwed = Boolean(twoFactor.data?.required && !twoFactor.data.enabled);
  return (
    <Stack gap="lg">
      <Title order={3}>My account</Title>
      <SignatureSection />
      <TwoFactorSection />
      <ApiTokensSection twoFactorOwed={twoFactorOwed} />
    </Stack>
  );
}
