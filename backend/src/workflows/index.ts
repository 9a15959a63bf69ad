// workflows's public entry: its Nest module (DESIGN.md "Dependencies between features")
export { WorkflowsModule } from './workflows.module';
