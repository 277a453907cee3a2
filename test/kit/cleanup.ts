/** A set-up file of every test file (vitest.config.ts): the temp folders it made go when it ends. */
import { afterAll } from "vitest";
import { removeTempDirs } from "./temp.ts";

afterAll(removeTempDirs);
