import type { Type } from '@nestjs/common';
import type { PluginManifest } from '@contracts';
import featureFlagsManifest from '../../plugins/feature-flags/manifest';
import { FeatureFlagsModule } from '../../plugins/feature-flags/gateway/feature-flags.module';

/** The one list of gateway plugins. Adding a plugin = one line here (and one in web/src/plugins.ts). */
export const GATEWAY_PLUGINS: { manifest: PluginManifest; module: Type<unknown> }[] = [
  { manifest: featureFlagsManifest, module: FeatureFlagsModule },
];
