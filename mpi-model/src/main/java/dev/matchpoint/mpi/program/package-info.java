/**
 * Programs: what each thread of a rank runs. A {@link dev.matchpoint.mpi.program.Program} is a list
 * of statements (MPI calls, {@code repeat}, {@code if}) over named variables bound from statuses,
 * requests and message handles. The scenario file format and the Java {@link
 * dev.matchpoint.mpi.program.ProgramBuilder} produce the same types; {@link
 * dev.matchpoint.mpi.program.Compiler} checks variables and lowers a program to {@link
 * dev.matchpoint.mpi.program.Code} for the interpreter.
 */
package dev.matchpoint.mpi.program;
