import { Injectable } from '@nestjs/common';
import { Extension } from '@gateway/core/plugin-host/extension-point';
import { DATA_API_RESOURCES, type DataApiResourceProvider, type DataApiResourceRegistration } from '@gateway/core/data-api';

/**
 * `properties` on the data API as well as /api/properties. Deliberately not behind settings.feature_flags,
 * so an admin can always switch the flags page back on.
 */
@Injectable()
@Extension(DATA_API_RESOURCES, 'feature-flags')
export class FeatureFlagsResources implements DataApiResourceProvider {
  resources(): DataApiResourceRegistration[] {
    return [{ name: 'properties', kind: 'table', read: 'properties', write: 'properties' }];
  }
}
