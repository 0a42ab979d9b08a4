import { Globe20Regular } from '@fluentui/react-icons';
import { definePlugin } from '@web/core/plugin-host';
import manifest from '../manifest';

/** Response code options of spec 03 §5. */
const RESPONSE_CODES = [200, 201, 202, 204, 301, 302, 401, 404, 500, 502, 503];

/**
 * The HTTP check's editor fields (spec 03 health check editors; methods and response codes per spec 03 §5); the
 * gateway runner validates the same fields and honours every choice (Basic, NTLM and NTLMv2 included). Headers are
 * edited in the Code tab.
 */
export default definePlugin({
  manifest,
  register(ctx) {
    ctx.add('health.checkTypes', {
      id: 'http',
      order: 10,
      label: 'HTTP',
      icon: Globe20Regular,
      fields: [
        { name: 'name', label: 'Name', kind: 'text', required: true },
        { name: 'url', label: 'URL', kind: 'text', required: true },
        {
          name: 'method',
          label: 'Method',
          kind: 'select',
          options: ['GET', 'POST', 'PUT', 'DELETE'].map((m) => ({ value: m, label: m })),
        },
        { name: 'body', label: 'Body', kind: 'textarea' },
        { name: 'authentication', label: 'Authentication', kind: 'authentication' },
        { name: 'responseCodes', label: 'Response codes', kind: 'choices', options: RESPONSE_CODES.map((c) => ({ value: String(c), label: String(c) })) },
        { name: 'responseContent', label: 'Response content contains', kind: 'text' },
        { name: 'thresholdMillis', label: 'Threshold (ms)', kind: 'number' },
        { name: 'maxSSLExpiry', label: 'Max SSL expiry (days)', kind: 'number' },
        { name: 'insecure', label: 'Skip TLS verification', kind: 'boolean' },
        { name: 'description', label: 'Description', kind: 'text' },
      ],
    });
  },
});
