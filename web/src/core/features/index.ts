export * from './useFeatures';
