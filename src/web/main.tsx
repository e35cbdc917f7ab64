import '@mantine/core/styles.css';
import './styles.css';
import './phone.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AuthProvider } from './shared/auth.tsx';
import { MaintenanceGate } from './app/maintenance-screen.tsx';
import { router } from './app/router.tsx';
import { theme } from './app/theme.ts';
import { reportError } from './lib/error-store.ts';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: 0 },
  },
});

window.addEventListener('unhandledrejection', (event) => reportError(event.reason, { source: 'unhandledrejection' }));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <MaintenanceGate>
            <RouterProvider router={router} />
          </MaintenanceGate>
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
