import { Module } from '@nestjs/common';
import { FeatureFlagsResources } from './feature-flags.resources';
import { PropertiesController } from './properties.controller';
import { PropertiesService } from './properties.service';

@Module({ controllers: [PropertiesController], providers: [PropertiesService, FeatureFlagsResources] })
export class FeatureFlagsModule {}
