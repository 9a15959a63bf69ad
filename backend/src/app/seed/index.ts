// the demo seed's public entry
export * from './demo-seed';
