// diary's public entry: the patient's food diary with photos and comments, and the measures the patient reports
export { DiaryModule } from './diary.module';
// the read models it owns, typed (no other feature names them by a string nor imports its projection)
export { diaryReadModel } from './read-models';
export { type DiaryDoc } from './diary.projection';
