import { Alert, Button, Divider, Stack } from '@mantine/core';
import { IconBrandGoogle, IconBrandWindows } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TSignInProvider } from '../../../core/api/auth.ts';
import { isProviderFailure, PROVIDER_LABELS, providerFailureMessage } from '../../../core/accounts/sign-in-providers.ts';

const ICONS = { google: IconBrandGoogle, microsoft: IconBrandWindows } as const;

/**
 * The login page's 'Sign in with Google' / 'Sign in with Microsoft' (docs/decisions/091), and the
 * sentence for a sign-in that came back refused (/login?error=…&provider=…). Each button is a plain
 * link: the server answers with a redirect to the provider (a form's submission could not follow it
 * under the content security policy's form-action 'self').
 */
export function ProviderButtons({ providers }: { providers: readonly TSignInProvider[] }) {
  const [params, setParams] = useSearchParams();
  const [failure] = useState(() => {
    const error = params.get('error');
    return isProviderFailure(error) ? providerFailureMessage(error, params.get('provider')) : null;
  });
  // Read once: a reload or a second attempt does not show an old refusal again.
  useEffect(() => {
    if (params.has('error')) setParams((p) => {
      p.delete('error');
      p.delete('provider');
      return p;
    }, { replace: true });
  }, [params, setParams]);
  if (!providers.length && !failure) return null;
  return (
    <Stack gap="sm">
      {failure && <Alert color="red" role="alert">{failure}</Alert>}
      {providers.length > 0 && <Divider label="or" labelPosition="center" />}
      {providers.map((provider) => {
        const Icon = ICONS[provider];
        return (
          <Button key={provider} component="a" href={`/api/auth/oidc/${provider}/start`} variant="default" fullWidth
            leftSection={<Icon size={18} aria-hidden />}>
            Sign in with {PROVIDER_LABELS[provider]}
          </Button>
        );
      })}
    </Stack>
  );
}
