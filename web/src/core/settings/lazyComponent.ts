import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { LazyComponent } from '@web/core/plugin-host/types';

const loaded = new WeakMap<object, LazyExoticComponent<ComponentType<object>>>();

/** One React.lazy per loader: a component made anew on each render would remount, and lose what the user typed. */
export function lazyComponent<P extends object>(load: LazyComponent<P>): LazyExoticComponent<ComponentType<P>> {
  let component = loaded.get(load);
  if (!component) {
    component = lazy(load as unknown as LazyComponent<object>);
    loaded.set(load, component);
  }
  return component as unknown as LazyExoticComponent<ComponentType<P>>;
}
