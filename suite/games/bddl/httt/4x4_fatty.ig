% Harary's Tic-Tac-Toe, shape fatty (all rotations and reflections) on 4x4.
% Depth: the critical depth of Shaik & van de Pol, SAT 2023, Table 2(a).
#boardsize
4 4
#init
#depth
15
#blackgoal
black(?x,?y) black(?x+1,?y) black(?x,?y+1) black(?x+1,?y+1)
#whitegoal
white(?x,?y) white(?x+1,?y) white(?x,?y+1) white(?x+1,?y+1)
