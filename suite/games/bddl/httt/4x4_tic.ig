% Harary's Tic-Tac-Toe, shape tic (all rotations and reflections) on 4x4.
% Depth: the critical depth of Shaik & van de Pol, SAT 2023, Table 2(a).
#boardsize
4 4
#init
#depth
5
#blackgoal
black(?x,?y) black(?x,?y+1) black(?x,?y+2)
black(?x,?y) black(?x+1,?y) black(?x+2,?y)
#whitegoal
white(?x,?y) white(?x,?y+1) white(?x,?y+2)
white(?x,?y) white(?x+1,?y) white(?x+2,?y)
