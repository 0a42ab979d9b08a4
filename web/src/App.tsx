import { RouterProvider, type createBrowserRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { type ApiError, swrFetcher } from '@web/core/api';
import { Toasts } from '@web/core/components/Toasts';
import { type PluginRegistry, PluginRegistryProvider } from '@web/core/plugin-host';
import { ThemeProvider } from '@web/core/theme/ThemeProvider';

/** Client errors (4xx) will not fix themselves by retrying. */
function shouldRetry(error: ApiError): boolean {
  return !(error.kind === 'http' && error.status < 500);
}

export function App({ registry, router }: { registry: PluginRegistry; router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <ThemeProvider>
      <SWRConfig value={{ fetcher: swrFetcher, shouldRetryOnError: shouldRetry, errorRetryCount: 3 }}>
        <PluginRegistryProvider registry={registry}>
          <RouterProvider router={router} />
          <Toasts />
        </PluginRegistryProvider>
      </SWRConfig>
    </ThemeProvider>
  );
}
