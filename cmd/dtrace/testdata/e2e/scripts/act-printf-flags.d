/*
 * Flags, widths and precisions, given or taken from arguments ('*'),
 * handed to C's printf as DTrace does; "%?" is the width of a pointer.
 */
#pragma D option quiet

BEGIN
{
	printf("[%5d] [%-5d] [%05d] [%+d] [% d] [%+d]\n", 42, 42, 42, 42, 42, -42);
	printf("[%x] [%#x] [%#X] [%#o] [%#o] [%08x] [%#08x] [%-#8x]\n", 255, 255, 255, 8, 0, 0x123, 255, 255);
	printf("[%.3d] [%8.3d] [%-8.3d] [%08.3d] [%.0d]\n", 7, -7, 7, 5, 0);
	printf("[%-05d] [%0-5d]\n", 42, 42);
	printf("[%*d] [%-*d] [%*d] [%.*d] [%*.*d]\n", 6, 1, 4, 2, -4, 3, 5, 3, 7, 3, 9);
	printf("[%10s] [%-10s] [%.2s] [%10.3s] [%*s] [%.*s] [%.0s]\n", "abc", "abc", "abc", "abcdef", 4, "z", 1, "xyz", "hello");
	printf("[%c] [%3c] [%-3c]\n", 'x', 'y', 'z');
	printf("[%?d] [%-?d]\n", 3, 3);
	printf("100%% %d%%\n", 5);
	exit(0);
}
