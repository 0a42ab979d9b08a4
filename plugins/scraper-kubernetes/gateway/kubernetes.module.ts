import { Module } from '@nestjs/common';
import { KubernetesScraper } from './kubernetes.scraper';

@Module({ providers: [KubernetesScraper] })
export class ScraperKubernetesModule {}
