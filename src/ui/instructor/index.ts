/** The instructor console's public surface for src/app. */
export { InstructorConsole, type InstructorConsoleProps } from './InstructorConsole';
export { SymptomsCard } from './SymptomsCard';
export { FaultMarkers } from './FaultMarkers';
