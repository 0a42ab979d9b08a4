import { Module } from '@nestjs/common';
import { SettingsResources } from './settings.resources';

/** The Settings area. So far: its tables and views on the data API; domain endpoints and pages come with its issue. */
@Module({ providers: [SettingsResources] })
export class SettingsModule {}
