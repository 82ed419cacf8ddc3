% Domineering, 4 columns x 2 rows. Depth: Shaik & van de Pol, SAT 2023, Table 2(d).
#boardsize
4 2
#init
#depth
5
#blackgoal
#whitegoal
