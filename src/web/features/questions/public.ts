/** What other features use of questions: a task's questions and answers, on its page. */
export { preloadAskForm, TaskQuestions } from "./task-questions.tsx";
